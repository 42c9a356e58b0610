export declare const CHROMIUM_PATH: string
export declare const CHROMIUM_FLAGS: readonly string[]
export declare const TEMPLATES: ReadonlyArray<{ readonly name: string; readonly path: string }>
export declare const LIGHTHOUSE_PAGES: readonly string[]
export declare const UNKNOWN_PATH: string
export declare const PHONE: {
  readonly viewport: { readonly width: number; readonly height: number }
  readonly deviceScaleFactor: number
  readonly isMobile: boolean
  readonly hasTouch: boolean
}

export declare const FIRST_ROUND_TRIP: number
export declare const HTML_SPARE: number
export declare const HTML_BUDGET: number

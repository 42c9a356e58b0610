import * as React from "react"

/**
 * Marks a frame `data-focused` while focus is in it, its own document or a
 * link inside, so the page can draw a ring on it: no browser matches :focus or
 * :focus-visible on the frame's element then. No focus event reaches that
 * element when a Tab enters the frame; the page's window loses focus, and the
 * frame is then the page's active element (in Firefox only after the blur
 * event's task: it is looked at once more). `entered` runs each time focus enters.
 */
export function useFrameFocus(
  frame: React.RefObject<HTMLIFrameElement | null>,
  entered: (frame: HTMLIFrameElement) => void,
) {
  React.useEffect(() => {
    const mark = () => {
      const element = frame.current
      if (!element) return
      if (document.activeElement === element) {
        element.dataset.focused = "true"
        entered(element)
      } else delete element.dataset.focused
    }
    const left = () => {
      mark()
      setTimeout(mark)
    }
    addEventListener("blur", left)
    addEventListener("focus", mark)
    return () => {
      removeEventListener("blur", left)
      removeEventListener("focus", mark)
    }
  }, [frame, entered])
}

/**
 * Brings the whole frame into view, for `useFrameFocus`: a Tab, or the page handing focus on, can
 * land in a frame the browser has not scrolled to (one not yet laid out or loaded, or another
 * origin's whose request to scroll comes late on a slow phone). The page's scroll-padding keeps it
 * clear of the sticky header.
 */
export const bringFrameIntoView = (frame: HTMLIFrameElement) => frame.scrollIntoView({ block: "nearest" })

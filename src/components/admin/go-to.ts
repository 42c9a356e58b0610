/** Leaves for another address, as a link would (a module of its own, so tests can watch it). */
export function goTo(url: string): void {
  window.location.assign(url)
}

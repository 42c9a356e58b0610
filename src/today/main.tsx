/** @jsx h */
import { h, render } from "preact"
import { TodayApp } from "./today-app"

// The owner's page for today (/admin/today/): its own small bundle (internal/today/page-bundle.ts), not Decap's.
render(<TodayApp />, document.getElementById("today") as HTMLElement)

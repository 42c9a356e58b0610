import * as React from "react"
import { TriangleAlert } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { EDITOR_PATH } from "./admin-api"
import type { Problem } from "./plain-errors"

/** A failure in plain words, announced at once to a screen reader (role="alert"), with the editor's link when it helps. */
export function ProblemAlert({ problem }: { problem: Problem }) {
  return (
    <div role="alert" className="problem-alert__alert">
      <TriangleAlert {...DECORATIVE_ICON} size={24} className="problem-alert__icon" />
      <div>
        <p className="problem-alert__text">{problem.text}</p>
        {problem.toEditor ? (
          <p className="problem-alert__text">
            <a href={EDITOR_PATH} className="problem-alert__link">
              {problem.toEditor}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  )
}

import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import { CouponCard } from "../../src/components/coupon-card"
import { readCoupons } from "../fixtures/content"

describe("coupon card", () => {
  it("is an article named by its own heading, so each card is announced by its title", () => {
    const { offers } = readCoupons()
    render(
      <ul>
        {offers.map((offer, index) => (
          <li key={offer.code}>
            <CouponCard headingId={`card-${index}`} title={offer.title} description={offer.description} />
          </li>
        ))}
      </ul>,
    )
    for (const offer of offers) {
      const card = screen.getByRole("article", { name: offer.title })
      expect(within(card).getByRole("heading", { name: offer.title })).toBeInTheDocument()
    }
  })
})

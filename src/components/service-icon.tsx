import * as React from "react"
import {
  CookingPot,
  Microwave,
  Refrigerator,
  Trash2,
  WashingMachine,
  Wind,
  Droplets,
  type LucideIcon,
} from "lucide-react"
import { DECORATIVE_ICON } from "../lib/decorative-icon"
import type { ServiceIconName } from "../lib/icon-names"

const ICONS: Record<ServiceIconName, LucideIcon> = {
  refrigerator: Refrigerator,
  dishwasher: Droplets,
  oven: CookingPot,
  microwave: Microwave,
  disposal: Trash2,
  dryer: Wind,
  washer: WashingMachine,
}

/** The icon of a service card; the name comes from data/services/ and is validated. */
export function ServiceIcon({ name, size = 32 }: { name: string; size?: number }) {
  const Icon = ICONS[name as ServiceIconName] ?? WashingMachine
  return <Icon {...DECORATIVE_ICON} size={size} />
}

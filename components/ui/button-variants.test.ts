import { describe, expect, it } from "@jest/globals";
import { twMerge } from "tailwind-merge";
import { buttonVariants } from "./button-variants";

const VARIANTS = ["default", "secondary", "outline", "ghost", "destructive", "link"] as const;
const SIZES = ["default", "sm", "lg", "icon"] as const;
const classSet = (classes: string) => new Set(classes.split(/\s+/).filter(Boolean));

describe("buttonVariants", () => {
  // Light pages use these classes without tailwind-merge; they must look like <Button>.
  it("gives every variant and size the classes tailwind-merge would keep", () => {
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        const classes = buttonVariants({ variant, size });
        expect(classSet(classes)).toEqual(classSet(twMerge(classes)));
      }
    }
  });
});

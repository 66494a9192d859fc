/**
 * The classes of <Input> and <Label>, apart from the components (which merge
 * a caller's className with tailwind-merge): light screens such as the sign-in
 * forms style native elements with these and skip the merging code.
 */
export const INPUT_CLASSES =
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-sm shadow-xs transition-[border-color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium";

export const LABEL_CLASSES =
  "flex select-none items-center gap-2 text-sm leading-none font-medium peer-disabled:cursor-not-allowed peer-disabled:opacity-50";

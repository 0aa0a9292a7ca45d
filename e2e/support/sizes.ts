/**
 * The two sizes issue 27 asks every user flow's browser test to run at: a laptop's window and a
 * phone's (390×844, touch, the mobile viewport meta honoured).
 */
export const FLOW_SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

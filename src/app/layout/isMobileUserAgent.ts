/** Spec §9: mobile is detected by a user-agent match. */
const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|webOS|BlackBerry|IEMobile|Opera Mini/i;

export function isMobileUserAgent(userAgent: string = navigator.userAgent): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

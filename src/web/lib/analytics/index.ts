let userId: string | null = null;

/** §3/§4: the profile id is the analytics user id; monitoring reports carry it. */
export function setAnalyticsUserId(id: string | null): void {
  userId = id;
}

export function getAnalyticsUserId(): string | null {
  return userId;
}

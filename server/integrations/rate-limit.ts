/**
 * A token bucket per provider operation: `perSecond` tokens a second up to `burst` (Amazon's
 * usage plans are stated this way, e.g. inbound 2/s burst 6). A 429 that names the current limit
 * (x-amzn-RateLimit-Limit) slows the bucket to it; it never speeds up past the documented rate.
 */
export class RateLimiter {
  private tokens: number;
  private last = Date.now();

  constructor(
    private perSecond: number,
    private readonly burst: number,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
  }

  /** Waits until a request may go, then spends its token. */
  async take(): Promise<void> {
    this.refill();
    while (this.tokens < 1) {
      await this.sleep(Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
      this.refill();
    }
    this.tokens -= 1;
  }

  /** The provider said how fast it lets us go now (requests per second); empty the bucket too. */
  slowDown(limitHeader: string | null): void {
    const limit = Number(limitHeader);
    if (Number.isFinite(limit) && limit > 0 && limit < this.perSecond) this.perSecond = limit;
    this.tokens = Math.min(this.tokens, 0);
  }

  get rate(): number {
    return this.perSecond;
  }
}

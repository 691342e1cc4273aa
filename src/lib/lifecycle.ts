/** Shutdown hooks, run in reverse order of registration (last started, first stopped). */
export class Lifecycle {
  private readonly hooks: Array<{ name: string; stop: () => Promise<void> | void }> = [];

  onShutdown(name: string, stop: () => Promise<void> | void): void {
    this.hooks.push({ name, stop });
  }

  async shutdown(onError: (name: string, err: unknown) => void = () => undefined): Promise<void> {
    while (this.hooks.length) {
      const hook = this.hooks.pop()!;
      try {
        await hook.stop();
      } catch (err) {
        onError(hook.name, err);
      }
    }
  }
}

/** Whether a process with this pid exists on this host: signal 0 only asks, and EPERM means it does (another user's process). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

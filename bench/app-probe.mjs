/**
 * Loaded with `node --import ./bench/app-probe.mjs dist/server.mjs` by bench/run.ts, so that the
 * benchmark measures the production bundle run by plain node (what `npm start` runs) while still
 * reading the server's CPU time, memory and, on request, a CPU profile over the IPC channel.
 * Plain JavaScript on purpose: production does not load tsx, so neither may the probe.
 * It does nothing unless the process was started with an IPC channel (child_process.fork).
 */

/**
 * Requests:  { type: 'stats' | 'cpu' | 'startProfile' | 'startLoadWindow' | 'stop' }
 *            { type: 'stopProfile', file: string }
 * Answers:   { type: 'stats', rss, peakRss, peakRssDuringLoad, heapUsed }
 *            { type: 'cpu', micros }   (user + system CPU time of the server so far)
 *            { type: 'profiled', file } | { type: 'error', message }
 */
if (typeof process.send === 'function') {
  const send = (message) => process.send?.(message);
  let peakRssDuringLoad = 0;
  let inLoadWindow = false;
  let sampledPeak = process.memoryUsage.rss();
  const { readFileSync } = await import('node:fs');
  /**
   * The kernel's high-water mark of this process's memory (Linux), which no sampling can miss.
   * Not getrusage's maxRSS: that one carries over the parent's size from before exec.
   */
  const highWaterMark = () => {
    try {
      const kB = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
      return kB ? Number(kB[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  const peakRss = () => Math.max(sampledPeak, highWaterMark());
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    sampledPeak = Math.max(sampledPeak, rss);
    if (inLoadWindow) peakRssDuringLoad = Math.max(peakRssDuringLoad, rss);
  }, 50);
  sampler.unref();
  // The channel must not keep a stopped server alive.
  process.channel?.unref();

  /** @type {import('node:inspector/promises').Session | null} */
  let profiler = null;

  process.on('message', async (message) => {
    try {
      if (message.type === 'stats') {
        const usage = process.memoryUsage();
        send({ type: 'stats', rss: usage.rss, peakRss: peakRss(), peakRssDuringLoad, heapUsed: usage.heapUsed });
      } else if (message.type === 'cpu') {
        const usage = process.cpuUsage();
        send({ type: 'cpu', micros: usage.user + usage.system });
      } else if (message.type === 'startLoadWindow') {
        inLoadWindow = true;
      } else if (message.type === 'startProfile') {
        const { Session } = await import('node:inspector/promises');
        profiler ??= new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.post('Profiler.start');
      } else if (message.type === 'stopProfile') {
        if (!profiler) {
          send({ type: 'profiled', file: null });
          return;
        }
        const { writeFileSync } = await import('node:fs');
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        writeFileSync(message.file, JSON.stringify(profile));
        send({ type: 'profiled', file: message.file });
      } else if (message.type === 'stop') {
        // The server's own shutdown (server/main.ts): closes the listener and the database.
        process.kill(process.pid, 'SIGTERM');
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

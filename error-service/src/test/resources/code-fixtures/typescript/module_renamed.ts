import { sleep } from './sleep';

// How hard to try.
export interface BackoffSettings {
    attempts: number;
    baseDelayMs: number;
}

// Calls the task again and again, waiting longer each time, until it succeeds.
export async function withBackoff<R>(task: () => Promise<R>,
                                     settings: BackoffSettings = { attempts: 5, baseDelayMs: 250 }): Promise<R> {
    let failure: unknown;
    for (let n = 1; n < settings.attempts; n++) {
        try {
            return await task();
        } catch (err) {
            failure = err;
            const waitMs = settings.baseDelayMs * 3 ** n;
            await sleep(waitMs);
        }
    }
    throw failure;
}

//! Work done in parallel and handed on in the order it was given ([`run`]): each result as
//! soon as it and every earlier one are done, so a long batch shows its results as it goes,
//! an interrupted one keeps those written, and memory holds a window of results however
//! many items there are.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

/// How many record files may be worked on past the oldest one not yet handed on: enough to
/// keep every core busy behind a slow file, few enough that their results are little
/// memory.
pub(crate) const FILES_AHEAD: usize = 256;

/// A pool of one thread per core, for commands that work on many files.
///
/// # Errors
///
/// The system refused a thread.
pub(crate) fn pool() -> std::io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .build()
        .map_err(std::io::Error::other)
}

/// A reorder buffer: results come in by index as they are done, and go out in the order of
/// their indices. It holds only the results done ahead of an earlier one still at work.
#[derive(Debug)]
pub(crate) struct InOrder<T> {
    next: usize,
    waiting: BTreeMap<usize, T>,
}

impl<T> InOrder<T> {
    pub(crate) fn new() -> InOrder<T> {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    /// Takes result `index`; returns the results it makes ready, in order (none while an
    /// earlier one is missing).
    pub(crate) fn push(&mut self, index: usize, item: T) -> Vec<T> {
        self.waiting.insert(index, item);
        let mut ready = Vec::new();
        while let Some(item) = self.waiting.remove(&self.next) {
            ready.push(item);
            self.next += 1;
        }
        ready
    }
}

/// Runs `work` on every item on the threads of `pool` (the items taken in order, so that
/// the results come in nearly in order), each thread with a state of its own from `init`
/// (made at its first item), and hands each result to `emit` on this thread in the order
/// of the items.
///
/// An item is taken from `items` only when a thread is free for it, and only while fewer
/// than `ahead` items are taken past the oldest not yet handed to `emit`: items read as
/// they come in (lines from a pipe) are worked on as they come, and memory holds `ahead`
/// items and results at most, however long the input. `items` is read on the pool's
/// threads, never on this one: `emit` is not held up by an input that is slow to come.
///
/// When `emit` fails (the output is gone), `stop` is set, no item is started after it, and
/// the error is returned once the threads are done: `work` should look at `stop` to end
/// the item under way. A panic in `work` or `emit` stops the batch the same way and is
/// raised again here once the threads are done.
pub(crate) fn run<T: Send, R: Send, S, E>(
    pool: &rayon::ThreadPool,
    items: impl Iterator<Item = T> + Send,
    ahead: usize,
    stop: &AtomicBool,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, T) -> R + Sync,
    mut emit: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E> {
    let ahead = ahead.max(1);
    // The items and the index of the next one.
    let feed = Mutex::new((items.fuse(), 0));
    // How many results are handed on; `advanced` tells a thread waiting to take an item
    // that the window moved (or that the batch stopped).
    let emitted = Mutex::new(0);
    let advanced = Condvar::new();
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        let (feed, emitted, advanced, work, init) = (&feed, &emitted, &advanced, &work, &init);
        scope.spawn(move || {
            pool.broadcast(|_| {
                let _unwinding = StopOnPanic {
                    stop,
                    emitted,
                    advanced,
                };
                // Made at the first item: a thread that gets none makes none (a solver's
                // table is memory).
                let mut state = None;
                let sender = sender.clone();
                while !stop.load(Ordering::Relaxed) {
                    // A thread that panicked holding a lock took no item with it.
                    let next = {
                        let mut feed = feed.lock().unwrap_or_else(PoisonError::into_inner);
                        let index = feed.1;
                        let mut done = emitted.lock().unwrap_or_else(PoisonError::into_inner);
                        while index >= *done + ahead && !stop.load(Ordering::Relaxed) {
                            done = advanced.wait(done).unwrap_or_else(PoisonError::into_inner);
                        }
                        drop(done);
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        // Counted only when there is one: a thread that comes for an item
                        // after the last must wait for the window to reach the end, not
                        // past it (with a window of one item, it waited for ever).
                        let item = feed.0.next();
                        feed.1 += usize::from(item.is_some());
                        item.map(|item| (index, item))
                    };
                    let Some((index, item)) = next else { break };
                    let state = state.get_or_insert_with(init);
                    if sender.send((index, work(state, item))).is_err() {
                        break;
                    }
                }
            });
            // `sender` is dropped here: the loop below ends with the last result.
        });
        let _unwinding = StopOnPanic {
            stop,
            emitted,
            advanced,
        };
        let mut order = InOrder::new();
        for (index, result) in receiver {
            for result in order.push(index, result) {
                let outcome = emit(result);
                // Set under the lock a waiting thread checks it with: none misses it.
                let mut done = emitted.lock().unwrap_or_else(PoisonError::into_inner);
                *done += 1;
                if outcome.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                drop(done);
                advanced.notify_all();
                outcome?;
            }
        }
        Ok(())
    })
}

/// Stops a batch of [`run`] when the thread that holds it unwinds (a panic in `work` or
/// `emit`): the result under way is never handed on, and the threads waiting for the
/// window to move past it would wait for ever, the batch with them.
struct StopOnPanic<'a> {
    stop: &'a AtomicBool,
    emitted: &'a Mutex<usize>,
    advanced: &'a Condvar,
}

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // Set under the lock a waiting thread checks it with, as a failed output is.
            let done = self.emitted.lock().unwrap_or_else(PoisonError::into_inner);
            self.stop.store(true, Ordering::Relaxed);
            drop(done);
            self.advanced.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn results_go_out_in_order_as_soon_as_the_earlier_ones_are_in() {
        let mut order = InOrder::new();
        assert!(order.push(2, 'c').is_empty());
        assert_eq!(order.push(0, 'a'), ['a']);
        assert_eq!(order.push(1, 'b'), ['b', 'c']);
        assert_eq!(order.push(3, 'd'), ['d']);
    }

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap_or_else(|e| panic!("a pool: {e}"))
    }

    /// The first result is handed on while a later item is still at work, and the order
    /// is the items' though the later ones finish first.
    #[test]
    fn the_first_result_is_out_before_a_slow_later_one_is_done() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let mut seen = Vec::new();
        let result: Result<(), ()> = run(
            &pool(2),
            [0, 300, 10, 10].into_iter(),
            4,
            &stop,
            || (),
            |(), millis| {
                std::thread::sleep(Duration::from_millis(millis));
                millis
            },
            |millis| {
                seen.push((millis, start.elapsed()));
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        let order: Vec<u64> = seen.iter().map(|&(m, _)| m).collect();
        assert_eq!(order, [0, 300, 10, 10]);
        assert!(seen[0].1 < Duration::from_millis(250), "{seen:?}");
        assert!(seen[1].1 >= Duration::from_millis(300), "{seen:?}");
    }

    /// A failed output stops the batch: no item is started after it, and the error comes
    /// back.
    #[test]
    fn a_failed_output_stops_the_batch() {
        let stop = AtomicBool::new(false);
        let started = std::sync::atomic::AtomicUsize::new(0);
        let result = run(
            &pool(1),
            0..100,
            4,
            &stop,
            || (),
            |(), item: usize| {
                started.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(2));
                item
            },
            |item| if item == 2 { Err(item) } else { Ok(()) },
        );
        assert_eq!(result, Err(2));
        assert!(stop.load(Ordering::Relaxed));
        assert!(started.load(Ordering::Relaxed) < 100);
    }

    /// A window of one item (or none asked) ends with the items, however many threads come
    /// for one after the last.
    #[test]
    fn a_window_of_one_item_ends_with_the_items() {
        for ahead in [0, 1, 2] {
            let (sender, receiver) = mpsc::channel();
            std::thread::spawn(move || {
                let stop = AtomicBool::new(false);
                let mut emitted = Vec::new();
                let result: Result<(), ()> = run(
                    &pool(2),
                    0..8,
                    ahead,
                    &stop,
                    || (),
                    |(), item: u64| item,
                    |item| {
                        emitted.push(item);
                        Ok(())
                    },
                );
                let _ = sender.send((result, emitted));
            });
            let done = receiver.recv_timeout(Duration::from_secs(20));
            assert_eq!(done, Ok((Ok(()), (0..8).collect())), "{ahead} items ahead");
        }
    }

    /// A panic in the work or in the output ends the batch with that panic, however many
    /// items are still to come: the item it took is never handed on, and the threads
    /// waiting for the window to move past it waited for ever.
    #[test]
    fn a_panic_ends_the_batch() {
        for panics_in_work in [true, false] {
            let (sender, receiver) = mpsc::channel();
            std::thread::spawn(move || {
                let stop = AtomicBool::new(false);
                let result: Result<(), ()> = run(
                    &pool(2),
                    0..50,
                    2,
                    &stop,
                    || (),
                    |(), item: u64| {
                        assert!(!(panics_in_work && item == 0), "a panic in the work");
                        item
                    },
                    |item| {
                        assert!(panics_in_work || item != 0, "a panic in the output");
                        Ok(())
                    },
                );
                let _ = sender.send(result);
            });
            // The thread panicked: its sender is gone without a result.
            let done = receiver.recv_timeout(Duration::from_secs(20));
            assert_eq!(
                done,
                Err(mpsc::RecvTimeoutError::Disconnected),
                "a panic in the work: {panics_in_work}"
            );
        }
    }

    /// Items are taken no further than `ahead` past the oldest result not handed on: a
    /// slow first item holds the reading of the rest (it read them all, holding every
    /// result done ahead of it).
    #[test]
    fn items_are_read_no_further_ahead_than_asked() {
        let stop = AtomicBool::new(false);
        let read = std::sync::atomic::AtomicUsize::new(0);
        let mut most_ahead = 0;
        let mut emitted = 0;
        let result: Result<(), ()> = run(
            &pool(2),
            (0..50).inspect(|_| {
                read.fetch_add(1, Ordering::Relaxed);
            }),
            3,
            &stop,
            || (),
            |(), item: u64| {
                if item == 0 {
                    std::thread::sleep(Duration::from_millis(200));
                }
                item
            },
            |_| {
                most_ahead = most_ahead.max(read.load(Ordering::Relaxed) - emitted);
                emitted += 1;
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(emitted, 50);
        assert!(most_ahead <= 3, "{most_ahead} items read ahead");
    }
}

//! Long work with the GIL released and Ctrl-C noticed: on a thread of its own
//! ([`run_interruptible`]), or on the calling thread for work that asks whether to stop
//! ([`Signals`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use pyo3::prelude::*;

/// Where the worker leaves its result.
struct Slot<T> {
    value: Mutex<Option<T>>,
    ready: Condvar,
}

impl<T> Slot<T> {
    /// Waits up to `timeout` for the result and takes it.
    fn take_within(&self, timeout: Duration) -> Option<T> {
        let guard = self.value.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut guard, _) = self
            .ready
            .wait_timeout_while(guard, timeout, |v| v.is_none())
            .unwrap_or_else(PoisonError::into_inner);
        guard.take()
    }
}

/// Runs `work` on its own thread with the GIL released, checking for Python signals (Ctrl-C)
/// every 50 ms. On a signal it sets the flag `work` was given, waits for `work` to stop,
/// and returns the signal's exception (`KeyboardInterrupt`).
pub(crate) fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let slot = Arc::new(Slot {
        value: Mutex::new(None),
        ready: Condvar::new(),
    });
    let (flag, out) = (Arc::clone(&cancel), Arc::clone(&slot));
    let handle = std::thread::spawn(move || {
        let value = work(flag);
        *out.value.lock().unwrap_or_else(PoisonError::into_inner) = Some(value);
        out.ready.notify_all();
    });
    loop {
        if let Some(value) = py.detach(|| slot.take_within(Duration::from_millis(50))) {
            let _ = handle.join();
            return Ok(value);
        }
        if handle.is_finished() {
            // The result may have come since the wait above gave up (taking the GIL back
            // can take a switch interval): it is this one's, not lost to the next wait.
            return slot.take_within(Duration::ZERO).ok_or_else(|| {
                pyo3::exceptions::PyRuntimeError::new_err(
                    "the worker thread stopped without a result",
                )
            });
        }
        if let Err(signal) = py.check_signals() {
            cancel.store(true, Ordering::Relaxed);
            py.detach(|| handle.join()).ok();
            return Err(signal);
        }
    }
}

/// Python's signal handlers run from Rust work on the calling thread, and the exception one
/// raised (`KeyboardInterrupt` for Ctrl-C) kept for when the work returns.
#[derive(Clone, Default)]
pub(crate) struct Signals {
    raised: Arc<Mutex<Option<PyErr>>>,
}

impl Signals {
    /// A check for work that asks whether to stop: takes the GIL, runs the pending signal
    /// handlers (Python runs them on its main thread only; elsewhere there are none), and
    /// answers `true` once one raised.
    pub(crate) fn check(&self) -> tsume::InterruptFn {
        let raised = Arc::clone(&self.raised);
        Arc::new(move || match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(err) => {
                *raised.lock().unwrap_or_else(PoisonError::into_inner) = Some(err);
                true
            }
        })
    }

    /// `value`, or the exception a signal handler raised while it was worked out.
    pub(crate) fn or_raised<T>(&self, value: PyResult<T>) -> PyResult<T> {
        match self
            .raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            Some(err) => Err(err),
            None => value,
        }
    }
}

//! Long work with the GIL released and Ctrl-C noticed: on a thread of its own
//! ([`run_interruptible`]), or on the calling thread for work that asks whether to stop
//! ([`Signals`]).

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use pyo3::prelude::*;

/// Whether the worker is done, for the thread that waits for it.
#[derive(Default)]
struct Done {
    done: Mutex<bool>,
    ready: Condvar,
}

impl Done {
    /// Waits up to `timeout` for the worker to be done; whether it is.
    fn within(&self, timeout: Duration) -> bool {
        let guard = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        let (guard, _) = self
            .ready
            .wait_timeout_while(guard, timeout, |done| !*done)
            .unwrap_or_else(PoisonError::into_inner);
        *guard
    }
}

/// Marks the worker done when dropped at the end of its closure: by its return, or as a
/// panic unwinds it (the wait then sees it at once, not at its next look).
struct Finish(Arc<Done>);

impl Drop for Finish {
    fn drop(&mut self) {
        *self.0.done.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0.ready.notify_all();
    }
}

/// Runs `work` on its own thread with the GIL released, checking for Python signals (Ctrl-C)
/// every 50 ms. On a signal it sets the flag `work` was given, waits for `work` to stop,
/// and returns the signal's exception (`KeyboardInterrupt`). A panic in `work` raises
/// RuntimeError with the panic's message.
pub(crate) fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let done = Arc::new(Done::default());
    let (flag, finish) = (Arc::clone(&cancel), Finish(Arc::clone(&done)));
    let handle = std::thread::spawn(move || {
        let _finish = finish;
        work(flag)
    });
    loop {
        // The result comes from the thread's end (`join`), its value or its panic: none is
        // taken by a look that then gives up (taking the GIL back can take a switch
        // interval, and a result taken so was dropped).
        if py.detach(|| done.within(Duration::from_millis(50))) {
            return py.detach(|| handle.join()).map_err(panicked);
        }
        if let Err(signal) = py.check_signals() {
            cancel.store(true, Ordering::Relaxed);
            py.detach(|| handle.join()).ok();
            return Err(signal);
        }
    }
}

/// The error for a worker that panicked, with the panic's message.
fn panicked(payload: Box<dyn Any + Send>) -> PyErr {
    let message = match panic_message(&*payload) {
        Some(text) => format!("the worker thread panicked: {text}"),
        None => "the worker thread panicked (its message is not text)".to_owned(),
    };
    pyo3::exceptions::PyRuntimeError::new_err(message)
}

/// The message of a panic: the text `panic!` was given (a `&str`, or a `String` when it
/// was formatted); `None` for a payload of another type (`panic_any`).
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> Option<&str> {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
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

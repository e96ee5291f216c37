import CSheathRuntime

/// How much stack a stop needs left to build its message and print it where it is: type names are
/// demangled at run time, and a debug build needs about 48 KiB for a message and `fatalError`.
let stopStackRoom: UInt = 128 << 10

/// The stack of the thread a stop moves to when the calling thread's is short.
private let stopThreadStackSize = 8 << 20

/// Runs `stop` — a closure that ends the program or parks its thread for good — where the stack has
/// room for it: on the calling thread when it has ``stopStackRoom`` left or its bounds cannot be
/// known, else on a new thread with an ample stack while the calling thread waits for it for good.
///
/// A stop on a thread whose stack is nearly used up — a chain too deep for it, a cycle found as the
/// stack runs low, any stop on a thread made with a small stack — so still says why, instead of the
/// thread overflowing its stack while it builds the message. Read the calling thread's state (its
/// resolution stack, the task's locals) before: `stop` may run on another thread.
func withAmpleStack(_ stop: () -> Never) -> Never {
  var low: UInt = 0
  var high: UInt = 0
  let here = sheath_stack_address()
  guard sheath_thread_stack_bounds(&low, &high), here < low + stopStackRoom else { stop() }
  withoutActuallyEscaping(stop) { stop in
    // NB: a class and `Unmanaged`, not `withUnsafeMutablePointer(to:)`: the first use of a generic
    // type costs the Swift runtime kilobytes of stack, which this thread may not have. `stop` runs
    // on the new thread while this one waits for it, so the two never run at once.
    let box = StopBox(stop)
    _ = sheath_run_on_new_thread(
      stopThreadStackSize,
      { context in Unmanaged<StopBox>.fromOpaque(context.unsafelyUnwrapped).takeUnretainedValue().stop() },
      Unmanaged.passUnretained(box).toOpaque())
    withExtendedLifetime(box) {}
  }
  // No thread could be started: stop here, with the stack there is.
  stop()
}

/// Runs `body` where the stack has room for it, and returns when it has run: on the calling thread when
/// it has ``stopStackRoom`` left or its bounds cannot be known, else on a new thread with an ample stack
/// while the calling thread waits. For work a resolution does once, off its usual path — checking a key
/// the graph did not know — that a thread made with a small stack may not have room for.
func onAmpleStack(_ body: () -> Void) {
  var low: UInt = 0
  var high: UInt = 0
  let here = sheath_stack_address()
  guard sheath_thread_stack_bounds(&low, &high), here < low + stopStackRoom else { return body() }
  withoutActuallyEscaping(body) { body in
    // NB: not generic, as `withAmpleStack`: the first use of a generic type costs stack.
    let box = WorkBox(body)
    let ran = sheath_run_on_new_thread(
      stopThreadStackSize,
      { context in Unmanaged<WorkBox>.fromOpaque(context.unsafelyUnwrapped).takeUnretainedValue().body() },
      Unmanaged.passUnretained(box).toOpaque())
    withExtendedLifetime(box) {}
    // No thread could be started: run here, with the stack there is.
    if !ran { body() }
  }
}

/// Work, carried to the thread it runs on.
private final class WorkBox {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// A stop, carried to the thread it runs on.
private final class StopBox {
  let stop: () -> Never
  init(_ stop: @escaping () -> Never) { self.stop = stop }
}

/// An object that something else keeps alive, referred to without a reference count: a binding the
/// table keeps, an ancestor graph a child keeps, the family's coordinator its root keeps.
///
/// `Unmanaged` narrowed to that one use. It can be read, and lent to a closure, but never retained or
/// released through: whoever makes one says, where they make it, what keeps the object alive for as
/// long as the handle is used. A reference count saved is two atomic instructions on a word every
/// thread shares, on every resolution.
@frozen @usableFromInline
struct Unretained<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>

  /// `object`, which the caller knows something keeps alive for as long as this handle is used.
  @inlinable @inline(__always)
  init(_ object: Object) {
    reference = .passUnretained(object)
  }

  /// The object at `address`, as ``address`` gave it; for the handles in Sources/Sheath/Runtime/ that
  /// keep objects as words.
  @inlinable @inline(__always)
  init(address: UnsafeRawPointer) {
    reference = .fromOpaque(address)
  }

  /// The object at `bits`, which ``bits`` gave: not zero.
  @inlinable @inline(__always)
  init(bits: UInt) {
    reference = .fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
  }

  /// The object's address as an integer, never zero, whose low bits are zero (objects are aligned):
  /// free to carry a tag, as ``GraphReference/address`` does.
  @inlinable @inline(__always)
  var bits: UInt { UInt(bitPattern: reference.toOpaque()) }

  /// The object's address, to keep as a word.
  @inlinable @inline(__always)
  var address: UnsafeMutableRawPointer { reference.toOpaque() }

  /// Runs `body` with the object, lent: no reference count, where reading ``object`` may take one.
  @inlinable @inline(__always)
  func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
    try reference._withUnsafeGuaranteedRef(body)
  }

  /// The object, as a strong reference the caller's code counts like any other.
  @inlinable @inline(__always)
  var object: Object { reference.takeUnretainedValue() }

  /// The same object, as `Other`, which it is: the caller knows its class (a key's binding has the
  /// key's factory type, which the compiler checked where it was made; a declaration's key, the type it
  /// was declared with). Debug builds check it, as do builds with internal checks on.
  @inlinable @inline(__always)
  func known<Other: AnyObject>(as _: Other.Type) -> Unretained<Other> {
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      precondition(with { $0 is Other }, "Unretained: \(type(of: object)) is not a \(Other.self)")
    #endif
    return Unretained<Other>(address: UnsafeRawPointer(address))
  }
}

extension Unretained: Sendable where Object: Sendable {}

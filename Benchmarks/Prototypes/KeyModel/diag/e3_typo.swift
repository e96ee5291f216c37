extension Keys {
  static var bad: Key<DataController> { Key(.transient, .apii, .validator) { DataController(api: $0, v: $1) } }
}

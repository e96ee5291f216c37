extension Keys {
  static var bad: Key<DataController> { Key(.transient, .validator, .validator) { DataController(api: $0, v: $1) } }
}

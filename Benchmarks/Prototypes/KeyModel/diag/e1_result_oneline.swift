extension Keys {
  static var bad: Key<API> { Key(.singleton, .validator) { v in Validator() } }
}

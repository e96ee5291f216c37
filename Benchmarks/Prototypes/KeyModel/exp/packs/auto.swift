struct K<V> {}
func f<each D>(_ deps: repeat @autoclosure () -> K<each D>) {}

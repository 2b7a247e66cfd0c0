/// The parameters of a layer's ``CALayer/filters`` as layer properties, as
/// Core Animation reaches a named filter's inputs by key path
/// (`filters.lp.frequency`): each is a dynamic property whose default is
/// the value the filter was given, so setting, animating and presenting it
/// work as for any other, and the audio engine reads its track from the
/// committed snapshot (docs/filters.md#parameters).
extension CALayer {
    /// Makes the filters' parameters layer properties, replacing those of
    /// `old` (and their set values).
    func adoptFilters(replacing old: [LayerFilter]) {
        for keyPath in old.keyPaths {
            undeclaredDefaults[keyPath] = nil
            values[keyPath] = nil
        }
        for filter in filters ?? [] {
            for parameter in filter.type.parameters {
                undeclaredDefaults[filter.keyPath(of: parameter)] = filter.value(of: parameter)
            }
        }
        setNeedsCommit()
    }
}

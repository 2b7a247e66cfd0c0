/// One parameter of an ``AudioFilterType``: its declaration — the key, how
/// it animates and the values it takes — and its default, declared once
/// here for the layers' key paths (`filters.NAME.KEY`), a script's filter
/// objects and the render thread's coefficients.
public struct AudioFilterParameter: Sendable, Equatable {
    public let declaration: PropertyDeclaration
    public let defaultValue: Double

    /// The key within a filter: `frequency`, `Q`, `gain`.
    public var key: String { declaration.key }

    /// The centre or corner frequency in Hz. Below the Nyquist frequency
    /// of the engine that plays it; one at a lower rate plays a higher
    /// frequency just below its own (docs/filters.md#parameters).
    public static let frequency = AudioFilterParameter(
        PropertyDeclaration("frequency", .implicit, range: PropertyRange(
            lowerBound: 0, upperBound: 96_000, excludesLowerBound: .always, reason: "it is a frequency in Hz")),
        default: 1000)
    /// The quality factor, as SoX's `Qq` width and the Cookbook's Q; 1/√2
    /// (Butterworth, SoX's default) unless set.
    public static let q = AudioFilterParameter(
        PropertyDeclaration("Q", .implicit, range: PropertyRange(
            lowerBound: 0, upperBound: 1000, excludesLowerBound: .always, reason: "it is a quality factor")),
        default: 0.5.squareRoot())
    /// The bell's or shelf's gain in dB.
    public static let gain = AudioFilterParameter(
        PropertyDeclaration("gain", .implicit, range: PropertyRange(
            lowerBound: -120, upperBound: 60, reason: "it is in dB")),
        default: 0)

    init(_ declaration: PropertyDeclaration, default defaultValue: Double) {
        self.declaration = declaration
        self.defaultValue = defaultValue
    }

    /// The parameter's entry in a layer's property table, at `keyPath`.
    public func property(atKeyPath keyPath: String, value: Double) -> LayerProperty {
        let d = declaration
        return LayerProperty(PropertyDeclaration(keyPath, d.animation, display: d.needsDisplay, range: d.range),
                             defaultValue: value)
    }
}

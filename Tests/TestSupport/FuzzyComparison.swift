import Foundation

/// How far two renderers' pictures of one scene may differ: a cap on any
/// component of any pixel, and a budget of pixels allowed to differ by
/// more than a small amount.
///
/// Two rasterisers agree on a shape's interior and disagree on its edges:
/// where they sample coverage, how they flatten curves, how they round.
/// The budget counts the edge pixels allowed to disagree noticeably; the
/// cap says how badly any pixel may — a shape moved by a pixel or drawn in
/// the wrong colour exceeds one or the other.
public struct FuzzyTolerance: Sendable, CustomStringConvertible {
    /// The largest difference allowed in any component of any pixel, in
    /// levels of 255.
    public var maximumDifference: Int
    /// A pixel differs when one of its components differs by more than this.
    public var differingAbove: Int
    /// How many pixels may differ.
    public var budget: Int

    public init(maximumDifference: Int, differingAbove: Int, budget: Int) {
        self.maximumDifference = maximumDifference
        self.differingAbove = differingAbove
        self.budget = budget
    }

    public var description: String {
        "at most \(maximumDifference) levels anywhere, at most \(budget) pixels beyond \(differingAbove)"
    }
}

/// Two pictures of one size, measured against each other: the largest
/// component difference and where it is, and how many pixels differ by
/// more than a tolerance's threshold.
public struct FuzzyComparison: Sendable, CustomStringConvertible {
    public let tolerance: FuzzyTolerance
    /// The largest difference of any component of any pixel.
    public let maximumDifference: Int
    /// The pixel where it is, and both pictures' components there.
    public let worst: (x: Int, y: Int, actual: [Int], reference: [Int])
    /// How many pixels have a component differing by more than
    /// `tolerance.differingAbove`.
    public let differingPixels: Int
    /// How many pixels were compared.
    public let pixelCount: Int

    public init(_ actual: RGBAImage, against reference: RGBAImage, tolerance: FuzzyTolerance) {
        precondition(actual.width == reference.width && actual.height == reference.height,
                     "\(actual.width)x\(actual.height) compared with \(reference.width)x\(reference.height)")
        var (largest, at, differing) = (0, 0, 0)
        for pixel in 0..<actual.width * actual.height {
            var difference = 0
            for component in pixel * 4..<pixel * 4 + 4 {
                difference = max(difference, abs(Int(actual.bytes[component]) - Int(reference.bytes[component])))
            }
            if difference > tolerance.differingAbove { differing += 1 }
            if difference > largest { (largest, at) = (difference, pixel) }
        }
        let (x, y) = (at % actual.width, at / actual.width)
        self.tolerance = tolerance
        maximumDifference = largest
        worst = (x, y, actual[x, y], reference[x, y])
        differingPixels = differing
        pixelCount = actual.width * actual.height
    }

    /// Whether the pictures agree within the tolerance.
    public var passes: Bool {
        maximumDifference <= tolerance.maximumDifference && differingPixels <= tolerance.budget
    }

    public var description: String {
        "maximum difference \(maximumDifference) (allowed \(tolerance.maximumDifference)) at (\(worst.x), \(worst.y)): "
            + "RGBA \(worst.actual) against \(worst.reference); "
            + "\(differingPixels) of \(pixelCount) pixels differ by more than \(tolerance.differingAbove) "
            + "(budget \(tolerance.budget))"
    }
}

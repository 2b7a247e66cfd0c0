import Foundation

/// Test signals, computed from closed-form formulas.
public enum TestSignal {
    /// Interleaved sines, one frequency per channel — distinct frequencies
    /// catch swapped or duplicated channels:
    /// `x[n][c] = amplitude · sin(2π · frequencies[c] · n / sampleRate)`.
    public static func sines(
        frequencies: [Double], amplitude: Double, sampleRate: Double, frames: Int
    ) -> [Float] {
        (0..<frames).flatMap { n in
            frequencies.map { frequency in
                Float(amplitude * sin(2 * Double.pi * frequency * Double(n) / sampleRate))
            }
        }
    }

    /// `count` values evenly spaced from `start` to `end` inclusive — a
    /// ramp through every region of a conversion (clipping included when
    /// the ends lie beyond ±1).
    public static func ramp(from start: Double, to end: Double, count: Int) -> [Float] {
        (0..<count).map { i in
            Float(start + (end - start) * Double(i) / Double(max(count - 1, 1)))
        }
    }
}

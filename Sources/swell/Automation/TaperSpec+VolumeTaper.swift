import SwellAudio
import SwellScript

extension TaperSpec {
    /// The engine's taper.
    var taper: VolumeTaper {
        switch self {
        case .linear: .linear
        case .cubic: .cubic
        case .decibels(let floor): .decibels(floor: floor)
        }
    }
}

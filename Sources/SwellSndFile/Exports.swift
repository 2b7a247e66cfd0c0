// SwellSndFile reads and writes the engine's sound; importing it imports SwellAudio.
@_exported import SwellAudio

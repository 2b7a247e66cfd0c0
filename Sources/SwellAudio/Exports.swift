// SwellAudio extends the Core Animation engine; importing it imports SwellCore.
@_exported import SwellCore

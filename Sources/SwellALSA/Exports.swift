// SwellALSA plays the engine on a sound card; importing it imports SwellAudio.
@_exported import SwellAudio

// SwellAutomation builds on the engine and its sound; importing it imports both.
@_exported import SwellAudio

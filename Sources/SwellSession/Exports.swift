// A session plays scripts on the engine, from files, on a sound card, and
// drives OSC and other programs' volumes: importing SwellSession imports
// SwellScript, SwellSndFile, SwellALSA, SwellOSC and SwellPulse (and with
// them SwellAudio and SwellCore).
@_exported import SwellALSA
@_exported import SwellOSC
@_exported import SwellPulse
@_exported import SwellScript
@_exported import SwellSndFile

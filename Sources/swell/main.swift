import SwellCommands

// `swell`: every command, with the libraries of sound, files, devices and
// control; a command that draws or encodes pictures is run by swell-draw.
Swell.start(drawing: nil)

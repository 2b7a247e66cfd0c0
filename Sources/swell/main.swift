print("swell: not built yet")

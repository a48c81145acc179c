let imageSearchVersion = "0.2.0"

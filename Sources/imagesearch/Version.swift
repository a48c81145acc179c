let imageSearchVersion = "0.1.0"

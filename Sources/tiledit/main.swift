print("tiledit")

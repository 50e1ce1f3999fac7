print("The todos example is not written yet.")

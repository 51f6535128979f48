print("dragkit")

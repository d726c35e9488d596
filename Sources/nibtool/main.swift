import NibToolCLI

NibTool.runMain()

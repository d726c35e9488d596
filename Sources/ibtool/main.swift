import IBToolCLI

IBTool.runMain()

// NibArchive: the NIBArchive wire format.

// NibCoding: the object graph on top of NibArchive.

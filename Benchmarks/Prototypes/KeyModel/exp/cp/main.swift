import Lib
print(readU().site.lc)
print(resU(G()) as Any)

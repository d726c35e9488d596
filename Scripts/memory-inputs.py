#!/usr/bin/env python3
"""Generates the inputs of issue 20's memory measurements: nibs whose tables are dense
(many small objects, values or keys per byte), a long chain of arrays, objects sharing one
value run, and large generated .xib documents, so that peak memory can be compared with the
input size before and after a change.

    Scripts/memory-inputs.py OUTDIR [SCALE]

Writes one file per case into OUTDIR; SCALE (default 1) multiplies the sizes. Measure with
Scripts/memory-measure.sh. The NIBArchive writer is the one of Scripts/hostile-inputs.py.
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
hostile = __import__("hostile-inputs")
pack, ref, data = hostile.pack, hostile.ref, hostile.data


def dense_objects(size):
    """`size` bytes of objects with no values (3 bytes each), all listed by the root."""
    n = size // 8
    keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey"]
    classes = [("NSObject", []), ("NSArray", []), ("UIView", [])]
    objs = [(1, 0, n + 1)]
    vals = [(1, 5, b"")] + [(2, 10, ref(i + 1)) for i in range(n)]
    objs += [(2, 0, 0) for _ in range(n)]
    return pack(objs, keys, vals, classes)


def dense_values(size):
    """One object holding `size` / 3 int8 values under a few keys."""
    n = size // 3
    keys = ["UINibTopLevelObjectsKey", "a", "b", "c", "d"]
    classes = [("NSObject", []), ("UIView", [])]
    objs = [(0, 0, 1), (1, 1, n)]
    vals = [(0, 10, ref(1))] + [(1 + i % 4, 0, bytes([i % 100])) for i in range(n)]
    return pack(objs, keys, vals, classes)


def dense_keys(size):
    """`size` / 8 distinct short keys, each used once by one object."""
    n = size // 12
    keys = ["UINibTopLevelObjectsKey"] + ["k%06d" % i for i in range(n)]
    classes = [("NSObject", []), ("UIView", [])]
    objs = [(0, 0, 1), (1, 1, n)]
    vals = [(0, 10, ref(1))] + [(1 + i, 0, b"\x01") for i in range(n)]
    return pack(objs, keys, vals, classes)


def dense_strings(size):
    """Objects each with one short string value (`NSString`-like), listed by the root."""
    n = size // 16
    keys = ["UINibTopLevelObjectsKey", "NS.bytes", "NSInlinedValue", "UINibEncoderEmptyKey"]
    classes = [("NSObject", []), ("NSArray", []), ("NSString", [])]
    objs = [(1, 0, n + 1)]
    vals = [(2, 5, b"")] + [(3, 10, ref(i + 1)) for i in range(n)]
    for i in range(n):
        objs.append((2, len(vals), 1))
        vals.append((1, 8, data(b"s%07d" % i)))
    return pack(objs, keys, vals, classes)


def shared_runs(objects, values):
    return hostile.shared_range_nib(objects, values)


def xib(views):
    """An iOS .xib with `views` sibling labels, each with a constraint and an outlet."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" '
           'targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" colorMatched="YES">',
           '<dependencies><plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/></dependencies>',
           '<objects>',
           '<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File\'s Owner" customClass="Owner">',
           '<connections>']
    out += ['<outlet property="l%d" destination="v%d" id="o%d"/>' % (i, i, i) for i in range(views)]
    out += ['</connections></placeholder>',
            '<placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>',
            '<view contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>',
            '<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>', '<subviews>']
    for i in range(views):
        out.append('<label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label %d" '
                   'textAlignment="natural" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" '
                   'id="v%d"><rect key="frame" x="10" y="%d" width="42" height="21"/>'
                   '<fontDescription key="fontDescription" type="system" pointSize="17"/><nil key="textColor"/>'
                   '<nil key="highlightedColor"/></label>' % (i, i, i % 600))
    out.append('</subviews><constraints>')
    out += ['<constraint firstItem="v%d" firstAttribute="leading" secondItem="root" secondAttribute="leading" '
            'constant="%d" id="c%d"/>' % (i, i % 300, i) for i in range(views)]
    out += ['</constraints>', '</view>', '</objects>', '</document>', '']
    return "\n".join(out).encode()


def xib_of_elements(body):
    """An iOS .xib whose one view holds `body` (crafted element soup: the source tree's worst
    case, elements with no attributes, 4 to 7 bytes each)."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" '
            'version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch">\n<objects><view id="r"><subviews>'
            + body + '</subviews></view></objects></document>\n').encode()


def main():
    out = sys.argv[1]
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    os.makedirs(out, exist_ok=True)

    def w(name, b):
        with open(os.path.join(out, name), "wb") as f:
            f.write(b)

    w("dense-objects.nib", dense_objects((1 << 20) * s))
    w("dense-values.nib", dense_values((1 << 20) * s))
    w("dense-keys.nib", dense_keys((1 << 20) * s))
    w("dense-strings.nib", dense_strings((1 << 20) * s))
    w("array-chain.nib", hostile.array_chain_nib(1000000 * s))
    w("shared-runs.nib", shared_runs(2000 * s, 200))
    w("tiny.xib", xib(1))
    w("compile-8000.xib", xib(8000 * s))
    w("compile-32000.xib", xib(32000 * s))
    w("compile-empty-elements.xib", xib_of_elements("<a/>" * (250000 * s)))
    w("compile-nested-empty.xib", xib_of_elements(("<a>" * 200 + "</a>" * 200) * (700 * s)))
    # The same two shapes padded to 16 bytes an element, the most the compile budget's default
    # (64 entries per KiB) lets the parser read: they stop while compiling, once the objects and
    # warnings pass the budget.
    w("compile-padded-elements.xib", xib_of_elements(("<a/>" + " " * 11 + "\n") * (65000 * s)))
    # Elements with 256 attributes each, the most an element may have.
    attributes = "".join(' a%d=""' % i for i in range(256))
    w("compile-attributes.xib", xib_of_elements(("<a%s/>\n" % attributes) * (580 * s)))
    w("compile-padded-nested.xib", xib_of_elements((("<a" + " " * 9 + ">") * 200 + "</a>" * 200) * (325 * s)))


if __name__ == "__main__":
    main()

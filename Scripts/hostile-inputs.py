#!/usr/bin/env python3
"""Generates the hostile inputs of issue 20's reading classes (info, dump, verify, convert,
tree, diff, scan), so that their time and memory can be measured before and after a change.

    Scripts/hostile-inputs.py OUTDIR [SCALE]

Writes one file per case into OUTDIR; SCALE (default 1) multiplies the sizes. Each file's
name says what it holds. The NIBArchive and bplist00 writers below follow
../shared/spec/nibarchive-format.md and Apple's documented bplist00 layout.
"""
import os, struct, sys, zipfile, zlib


def varint(v):
    out = bytearray()
    while True:
        group = v & 0x7F
        v >>= 7
        if v == 0:
            out.append(group | 0x80)
            return bytes(out)
        out.append(group)


def nib(objects, keys, values, classes, raw_values=None):
    """objects: [(class, first, count)], keys: [str], values: [(key, type, payload bytes)],
    classes: [(name, [fallbacks])]."""
    ot = b"".join(varint(c) + varint(f) + varint(n) for c, f, n in objects)
    kt = b"".join(varint(len(k.encode())) + k.encode() for k in keys)
    vt = raw_values if raw_values is not None else b"".join(varint(k) + bytes([t]) + p for k, t, p in values)
    ct = b"".join(
        varint(len(n.encode()) + 1) + varint(len(fb)) + b"".join(struct.pack("<I", x) for x in fb) + n.encode() + b"\0"
        for n, fb in classes)
    nvalues = len(values) if raw_values is None else raw_values.count(0)  # caller passes the count below
    return ot, kt, vt, ct


def pack(objects, keys, values, classes, value_count=None, raw_values=None):
    ot, kt, vt, ct = nib(objects, keys, values, classes, raw_values)
    o = 50
    k = o + len(ot)
    v = k + len(kt)
    c = v + len(vt)
    vc = len(values) if value_count is None else value_count
    header = b"NIBArchive" + struct.pack("<10I", 1, 10, len(objects), o, len(keys), k, vc, v, len(classes), c)
    return header + ot + kt + vt + ct


def ref(i):
    return struct.pack("<I", i)


def data(b):
    return varint(len(b)) + b


def string_object_values(key, text):
    return (key, 8, data(text.encode()))


def shared_range_nib(objects, values):
    """`objects` objects (after the root) that all point at the same `values` values."""
    keys = ["UINibTopLevelObjectsKey", "NS.bytes", "UIText"]
    classes = [("NSObject", []), ("NSString", [])]
    vals = [(1, 8, data(b"x" * 8)) for _ in range(values)]
    objs = [(0, 0, 0)] + [(1, 0, values) for _ in range(objects)]
    return pack(objs, keys, vals, classes)


def tree_connections_nib(n):
    """A UIKit nib whose top-level list holds one view n times, with n outlet connections from
    it to itself (every listing of the view repeats its connections unless they are shown once)."""
    keys = ["UINibTopLevelObjectsKey", "UINibConnectionsKey", "UINibEncoderEmptyKey", "NSInlinedValue",
            "UISource", "UIDestination", "UILabel", "UIBounds", "UICenter", "UIText"]
    classes = [("NSObject", []), ("NSArray", []), ("UIView", []), ("UIRuntimeOutletConnection", []), ("NSString", []),
               ("UILabel", [])]
    objs, vals = [], []

    def obj(cls, values):
        objs.append((cls, len(vals), len(values)))
        vals.extend(values)
        return len(objs) - 1

    # indices fixed in advance: 0 root, 1 top array, 2 connections array, 3 view, 4.. connections, then labels
    n_conn = n
    first_conn = 4
    first_label = first_conn + n_conn
    obj(0, [(0, 10, ref(1)), (1, 10, ref(2))])
    obj(1, [(3, 5, b"")] + [(2, 10, ref(3))] * n_conn)
    obj(1, [(3, 5, b"")] + [(2, 10, ref(first_conn + i)) for i in range(n_conn)])
    obj(2, [(7, 8, data(b"\x08" + struct.pack("<4d", 0, 0, 100, 100)))])
    for i in range(n_conn):
        obj(3, [(4, 10, ref(3)), (5, 10, ref(3)), (6, 10, ref(first_label + i))])
    for i in range(n_conn):
        obj(4, [(2, 8, data(b"outlet%d" % i))])
    return pack(objs, keys, vals, classes)


def nested_sets_nib(depth, fanout, leaf):
    """Sets nested `depth` levels, each with `fanout` sets, leaves of `leaf` int elements."""
    keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey"]
    classes = [("NSObject", []), ("NSSet", [])]
    objs, vals = [(0, 0, 1)], [(0, 10, ref(1))]
    counter = [0]

    def build(level):
        index = len(objs)
        objs.append(None)
        if level == depth:
            elements = []
            for _ in range(leaf):
                counter[0] += 1
                elements.append((2, 2, struct.pack("<i", counter[0])))
        else:
            children = [build(level + 1) for _ in range(fanout)]
            elements = [(2, 10, ref(c)) for c in children]
        first = len(vals)
        vals.append((1, 5, b""))
        vals.extend(elements)
        objs[index] = (1, first, len(elements) + 1)
        return index

    build(0)
    return pack(objs, keys, vals, classes)


def big_set_nib(n, offset=0, dictionary=False):
    keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey", "NS.bytes"]
    classes = [("NSObject", []), ("NSDictionary" if dictionary else "NSSet", []), ("NSString", [])]
    objs, vals = [(0, 0, 1)], [(0, 10, ref(1))]
    elements = []
    strings = []
    per = 2 if dictionary else 1
    first_string = 2
    for i in range(n * per):
        strings.append(b"element %d" % ((i * 7919 + offset) % (n * per)))
    objs.append((1, len(vals), 1 + n * per))
    vals.append((1, 5, b""))
    for i in range(n * per):
        vals.append((2, 10, ref(first_string + i)))
    for s in strings:
        objs.append((2, len(vals), 1))
        vals.append((3, 8, data(s)))
    return pack(objs, keys, vals, classes)


def repeated_key_nib(n):
    keys = ["UINibTopLevelObjectsKey", "UIText"]
    classes = [("NSObject", []), ("UIView", [])]
    objs = [(0, 0, 1), (1, 1, n)]
    vals = [(0, 10, ref(1))] + [(1, 0, b"\x01") for _ in range(n)]
    return pack(objs, keys, vals, classes)


def array_chain_nib(n):
    keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey"]
    classes = [("NSObject", []), ("NSArray", [])]
    objs, vals = [(0, 0, 1)], [(0, 10, ref(1))]
    for i in range(n):
        objs.append((1, len(vals), 2 if i + 1 < n else 1))
        vals.append((1, 5, b""))
        if i + 1 < n:
            vals.append((2, 10, ref(i + 2)))
    return pack(objs, keys, vals, classes)


def dense_varints(size):
    """An object table of `size` bytes of 0x80: size / 3 objects of class 0 with no values."""
    n = size // 3
    objects = [(0, 0, 0)] * n
    return pack(objects, [], [], [("NSObject", [])])


def findings_nib(n):
    """n objects each with a class index out of range: one finding per object."""
    keys = ["k"]
    classes = [("NSObject", [])]
    objs = [(0, 0, 0)] + [(5, 0, 0) for _ in range(n)]
    return pack(objs, keys, [], classes)


def scan_strings_nib(strings, fan):
    """`strings` string objects, each referred to `fan` times by one array: scan lists strings."""
    keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey", "NS.bytes", "UIText"]
    classes = [("NSObject", []), ("NSArray", []), ("NSString", []), ("UILabel", [])]
    objs, vals = [(0, 0, 1)], [(0, 10, ref(1))]
    first_string = 2 + fan
    objs.append((1, len(vals), 1 + fan))
    vals.append((1, 5, b""))
    for i in range(fan):
        vals.append((2, 10, ref(2 + i)))
    # fan labels all sharing the same run of `strings` UIText values
    shared_first = len(vals) + 0
    run = [(4, 10, ref(first_string + j)) for j in range(strings)]
    for i in range(fan):
        objs.append((3, shared_first, strings))
    vals.extend(run)
    for j in range(strings):
        objs.append((2, len(vals), 1))
        vals.append((3, 8, data(b"\x1b]0;pwned\x07 string %d \xe2\x80\xae" % j)))
    return pack(objs, keys, vals, classes)


# --- bplist00 -------------------------------------------------------------

def bplist(objects, top):
    """objects: list of encoded object bytes; writes offsets with 4-byte ints, 4-byte refs."""
    body = bytearray(b"bplist00")
    offsets = []
    for o in objects:
        offsets.append(len(body))
        body += o
    table = len(body)
    for off in offsets:
        body += struct.pack(">I", off)
    body += b"\0" * 6 + bytes([4, 4]) + struct.pack(">QQQ", len(objects), top, table)
    return bytes(body)


def bp_len(kind, n):
    if n < 15:
        return bytes([kind << 4 | n])
    return bytes([kind << 4 | 0xF, 0x12]) + struct.pack(">I", n)


def bp_ascii(s):
    return bp_len(5, len(s)) + s


def bp_data(b):
    return bp_len(4, len(b)) + b


def bp_uid(i):
    return bytes([0x83]) + struct.pack(">I", i)


def bp_array(refs):
    return bp_len(0xA, len(refs)) + b"".join(struct.pack(">I", r) for r in refs)


def bp_dict(pairs):
    return bp_len(0xD, len(pairs)) + b"".join(struct.pack(">I", k) for k, _ in pairs) + b"".join(
        struct.pack(">I", v) for _, v in pairs)


def keyed_shared(shares, leaf, as_data):
    """A keyed archive whose `$objects` list one string (or data) plist object `shares` times:
    each listing is an object of its own in the NIBArchive."""
    objs = []

    def add(b):
        objs.append(b)
        return len(objs) - 1

    s_objects = add(b"")  # placeholder
    s_null = add(bp_ascii(b"$null"))
    k_class, k_classname, k_root = (add(bp_ascii(x)) for x in (b"$class", b"$classname", b"root"))
    leaf_i = add(bp_data(leaf) if as_data else bp_ascii(leaf))
    k_objects, k_top, k_archiver, k_version = (add(bp_ascii(x)) for x in (b"$objects", b"$top", b"$archiver", b"$version"))
    archiver = add(bp_ascii(b"NSKeyedArchiver"))
    version = add(bytes([0x12]) + struct.pack(">I", 100000))
    objs[s_objects] = bp_array([s_null] + [leaf_i] * shares)
    top_uid = add(bp_uid(1))
    top = add(bp_dict([(k_root, top_uid)]))
    root = add(bp_dict([(k_archiver, archiver), (k_objects, s_objects), (k_top, top), (k_version, version)]))
    return bplist(objs, root)


def classhints_selfref(n):
    """A keyed archive with n objects whose class's $classhints list the class itself n times."""
    objs = []

    def add(b):
        objs.append(b)
        return len(objs) - 1

    s_objects = add(b"")
    s_null = add(bp_ascii(b"$null"))
    k_class, k_classname, k_classhints, k_root = (add(bp_ascii(x)) for x in (b"$class", b"$classname", b"$classhints", b"root"))
    name = add(bp_ascii(b"MyView"))
    hints = add(bp_array([name] * n))
    class_dict = add(bp_dict([(k_classname, name), (k_classhints, hints)]))
    uid_class = add(bp_uid(n + 1))
    instances = [add(bp_dict([(k_class, uid_class)])) for _ in range(n)]
    objs[s_objects] = bp_array([s_null] + instances + [class_dict])
    k_objects, k_top, k_archiver = (add(bp_ascii(x)) for x in (b"$objects", b"$top", b"$archiver"))
    archiver = add(bp_ascii(b"NSKeyedArchiver"))
    top = add(bp_dict([(k_root, add(bp_uid(1)))]))
    root = add(bp_dict([(k_archiver, archiver), (k_objects, s_objects), (k_top, top)]))
    return bplist(objs, root)


def zip_bomb(path, megabytes):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/App.app/Big.nib", b"NIBArchive" + b"\0" * (megabytes << 20))


def corrupt_zip(path):
    """A zip whose central directory entry has a broken signature (the end record is intact)."""
    zip_bomb(path, 1)
    with open(path, "r+b") as f:
        b = bytearray(f.read())
        at = b.rfind(b"PK\x01\x02")
        b[at:at + 4] = b"XX\x01\x02"
        f.seek(0)
        f.write(b)


def main():
    out = sys.argv[1]
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    os.makedirs(out, exist_ok=True)

    def w(name, b):
        with open(os.path.join(out, name), "wb") as f:
            f.write(b)

    w("dump-shared-range.nib", shared_range_nib(20000 * s, 2000))
    for n in (1000, 2000, 4000):
        w("tree-connections-%d.nib" % (n * s), tree_connections_nib(n * s))
    for n in (2500, 5000, 10000):
        w("diff-set-%d-a.nib" % (n * s), big_set_nib(n * s))
        w("diff-set-%d-b.nib" % (n * s), big_set_nib(n * s, offset=1))
    w("diff-dict-5000-a.nib", big_set_nib(5000 * s, dictionary=True))
    w("diff-dict-5000-b.nib", big_set_nib(5000 * s, offset=1, dictionary=True))
    w("diff-nested-a.nib", nested_sets_nib(8, 3, 1))
    w("diff-nested-b.nib", nested_sets_nib(8, 3, 1)[:-0] if False else nested_sets_nib(8, 3, 1).replace(b"\x02\x01\x00\x00\x00", b"\x02\x02\x00\x00\x00", 1))
    w("convert-repeated-key.nib", repeated_key_nib(40000 * s))
    w("convert-array-chain.nib", array_chain_nib(100000 * s))
    w("verify-dense-varints.nib", dense_varints((10 << 20) * s))
    w("verify-findings.nib", findings_nib(1000000 * s))
    w("scan-fanout.nib", scan_strings_nib(300, 300))
    w("keyed-shared-string.plist", keyed_shared(100000 * s, b"A" * 1000, False))
    w("keyed-shared-data.plist", keyed_shared(10000 * s, b"\x01" * 100000, True))
    w("keyed-classhints.plist", classhints_selfref(5000 * s))
    zip_bomb(os.path.join(out, "scan-bomb.ipa"), 300 * s)
    corrupt_zip(os.path.join(out, "scan-corrupt.ipa"))


if __name__ == "__main__":
    main()

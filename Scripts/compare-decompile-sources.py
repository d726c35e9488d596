#!/usr/bin/env python3
"""Decompiled documents against the real sources (issue 19's second measure).

For each pair of corpus/xib-pairs, decompiles Apple's output (`nibtool decompile`) and compares
the document with the pair's own source: the element trees (element names, keys, custom
classes), the attributes (texts, titles, frames and every other value), and the ids that
connections and references name, matched through the two trees (an outlet agrees when its
destination is the element matched to the source's destination). Design-time content that
ibtool drops (canvas locations, simulated metrics, the document header's dependencies) is not
counted.

Prints, per platform, the share of the sources' elements that have a counterpart and the share
of their attributes that agree, then the pairs with the lowest element shares.

Usage: swift build && python3 Scripts/compare-decompile-sources.py [NAME-FILTER]
Environment: NIBKIT_CORPUS (default ../shared/corpus), NIBTOOL (default .build/debug/nibtool),
             DETAILS=1 to print every pair's shares.
"""
import os, re, sys, subprocess, tempfile, collections
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
corpus = os.environ.get('NIBKIT_CORPUS') or os.path.join(here, '..', '..', 'shared', 'corpus')
tool = os.environ.get('NIBTOOL') or os.path.join(here, '..', '.build', 'debug', 'nibtool')
name_filter = sys.argv[1] if len(sys.argv) > 1 else ''

# Design-time elements: Interface Builder's canvas and simulation state, never archived.
IGNORED = {'point', 'freeformSimulatedSizeMetrics', 'simulatedMetricsContainer', 'dependencies', 'device',
           'capability', 'plugIn', 'deployment', 'resources'}
# Attributes that are Interface Builder bookkeeping, not archived values.
BOOKKEEPING = {'id', 'sceneID', 'userLabel', 'misplaced', 'ambiguous', 'fixedFrame', 'placeholderIntrinsicWidth',
               'placeholderIntrinsicHeight', 'customModuleProvider', 'colorLabel', 'horizontalHuggingPriority',
               'verticalHuggingPriority'}
ID_ATTRIBUTES = {'destination', 'firstItem', 'secondItem', 'target', 'headerView', 'cornerView', 'popoverAnchorView',
                 'popoverAnchorBarButtonItem', 'initialViewController', 'tableViewCell', 'collectionViewCell',
                 'initialItem', 'selectedItem', 'nextKeyView', 'initialFirstResponder', 'menu', 'toolbarItem'}


def ignored(element):
    return element.tag in IGNORED or (element.tag.startswith('simulated') and element.tag.endswith('Metrics'))


def signature(element):
    return (element.tag, element.get('key'), element.get('customClass'))


def first_id(element):
    """The element's id, or for a scene or container its first descendant's."""
    if element.tag == 'scene' or element.tag == 'objects':
        for descendant in element.iter():
            if descendant is not element and descendant.get('id') and descendant.tag not in ('placeholder',):
                return descendant.get('id')
        return None
    return element.get('id')


def numbers_equal(a, b):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    return abs(x - y) <= 1e-6 * max(1.0, abs(x), abs(y))


class Comparison:
    def __init__(self):
        self.elements = 0
        self.matched = 0
        self.attributes = 0
        self.agreeing = 0
        self.id_map = {}
        self.deferred = []  # (source value, decompiled value) of id attributes, checked once ids are mapped

    def walk(self, source, decompiled):
        """Counts `source`'s subtree; `decompiled` is its counterpart or None."""
        self.elements += 1
        if decompiled is not None:
            self.matched += 1
            if source.get('id') and decompiled.get('id'):
                self.id_map[source.get('id')] = decompiled.get('id')
        for name, value in source.attrib.items():
            if name in BOOKKEEPING:
                continue
            self.attributes += 1
            if decompiled is None or name not in decompiled.attrib:
                continue
            if name in ID_ATTRIBUTES:
                self.deferred.append((value, decompiled.get(name)))
            elif numbers_equal(value, decompiled.get(name)):
                self.agreeing += 1
        if source.text and source.text.strip():
            self.attributes += 1
            if decompiled is not None and (decompiled.text or '').strip() == source.text.strip():
                self.agreeing += 1
        candidates = [child for child in decompiled if not ignored(child)] if decompiled is not None else []
        children = [child for child in source if not ignored(child)]
        used = set()
        matches = {}
        # First the children that keep their id (controllers, from their nib names) or whose
        # first descendant does (a scene, by its controller); then the rest in order.
        for index, child in enumerate(children):
            anchor = first_id(child)
            if anchor is None:
                continue
            for position, other in enumerate(candidates):
                if position not in used and other.tag == child.tag and first_id(other) == anchor:
                    matches[index] = other
                    used.add(position)
                    break
        for index, child in enumerate(children):
            if index in matches:
                continue
            for position, other in enumerate(candidates):
                if position not in used and signature(other) == signature(child):
                    matches[index] = other
                    used.add(position)
                    break
        for index, child in enumerate(children):
            self.walk(child, matches.get(index))

    def finish(self):
        for source_id, decompiled_id in self.deferred:
            if self.id_map.get(source_id) == decompiled_id:
                self.agreeing += 1


def body(root):
    """The document's objects or scenes (what ibtool archives)."""
    for name in ('scenes', 'objects'):
        found = root.find(name)
        if found is not None:
            return found
    return root


def pairs():
    base = os.path.join(corpus, 'xib-pairs')
    for pair in sorted(os.listdir(base)):
        folder = os.path.join(base, pair)
        if not os.path.isdir(folder) or (name_filter and name_filter not in pair):
            continue
        sources, outputs = [], []
        for dirpath, dirnames, filenames in os.walk(folder):
            for name in list(dirnames):
                if name.endswith('.storyboardc') or name.endswith('.nib'):
                    outputs.append(os.path.join(dirpath, name))
                    dirnames.remove(name)
            for name in filenames:
                path = os.path.join(dirpath, name)
                if name.endswith('.xib') or name.endswith('.storyboard'):
                    sources.append(path)
                elif name.endswith('.nib'):
                    outputs.append(path)
        if len(sources) == 1 and len(outputs) == 1:
            yield pair, sources[0], outputs[0]


def main():
    work = tempfile.mkdtemp()
    totals = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
    rows = []
    for pair, source, output in pairs():
        platform = 'macos' if pair.startswith('macos') else 'ios'
        extension = 'storyboard' if output.endswith('.storyboardc') else 'xib'
        document = os.path.join(work, pair + '.' + extension)
        run = subprocess.run([tool, 'decompile', output, '-o', document], capture_output=True)
        try:
            decompiled = ET.parse(document).getroot() if run.returncode == 0 else None
            original = ET.parse(source).getroot()
        except ET.ParseError:
            decompiled = None
            original = None
        if original is None:
            continue
        comparison = Comparison()
        comparison.walk(body(original), body(decompiled) if decompiled is not None else None)
        comparison.finish()
        total = totals[platform]
        total[0] += 1
        total[1] += comparison.elements
        total[2] += comparison.matched
        total[3] += comparison.attributes
        total[4] += comparison.agreeing
        element_share = comparison.matched / max(1, comparison.elements)
        attribute_share = comparison.agreeing / max(1, comparison.attributes)
        rows.append((element_share, attribute_share, pair))
        if os.environ.get('DETAILS'):
            print(f'{pair}: elements {comparison.matched}/{comparison.elements}, '
                  f'attributes {comparison.agreeing}/{comparison.attributes}')
    for platform, (count, elements, matched, attributes, agreeing) in sorted(totals.items()):
        print(f'{platform}: {count} pairs; elements with a counterpart {matched}/{elements} '
              f'({100 * matched / max(1, elements):.1f} %); attributes that agree {agreeing}/{attributes} '
              f'({100 * agreeing / max(1, attributes):.1f} %)')
    print('\nLowest element shares:')
    for element_share, attribute_share, pair in sorted(rows)[:10]:
        print(f'  {100 * element_share:5.1f} % elements, {100 * attribute_share:5.1f} % attributes  {pair}')


if __name__ == '__main__':
    main()

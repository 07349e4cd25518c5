package tpb.spec.yaml;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.resolver.ScalarResolver;
import org.snakeyaml.engine.v2.schema.CoreSchema;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Pos;

/**
 * Reads one spec or kernel file into {@link YNode} documents, keeping line and column of every
 * node. YAML 1.2 Core schema (hex literals are numbers; {@code on}/{@code off} are strings).
 *
 * <p>The tree is built from the parser's events with an explicit stack, never by recursion, so
 * depth costs heap, not Java stack; past {@link #MAX_DEPTH} levels the file is refused at the
 * collection that goes too deep. Duplicate keys, recursive and undefined aliases, alias bombs
 * (more than {@link #MAX_ALIASES} aliases to collections, or aliases that expand to more than
 * {@link #MAX_ALIAS_NODES} nodes), tags other than the Core schema's own (a {@code !!java...}
 * global tag is how CVE-2022-1471 reached object construction; nothing here constructs objects,
 * but such a file is not a spec), and files over {@link #MAX_CODE_POINTS} are each reported at
 * their place, never silently resolved.
 */
public final class YamlReader {
    /** More aliases to collections than any honest spec needs; past it the file is refused. */
    public static final int MAX_ALIASES = 64;
    /** Nesting of mappings and lists: a spec needs about 8, a kernel 2 per nested loop. */
    public static final int MAX_DEPTH = 256;
    /** What aliases may add to a document, counted in nodes as if each alias were written out. */
    public static final long MAX_ALIAS_NODES = 1_000_000;
    /**
     * The largest file, in Unicode code points: 256 Mi, four times a one-million-instruction
     * kernel (63 MB); the engine's own default is 3 MiB, less than a 50k-instruction kernel.
     */
    public static final int MAX_CODE_POINTS = 256 << 20;

    /** The tags a node may carry: the Core schema's. */
    private static final Set<String> STANDARD_TAGS = Set.of(Tag.STR.getValue(), Tag.INT.getValue(), Tag.FLOAT.getValue(),
            Tag.BOOL.getValue(), Tag.NULL.getValue(), Tag.SEQ.getValue(), Tag.MAP.getValue(), "!");

    private YamlReader() {}

    /** The documents of {@code text}, or an empty list after reporting why there are none. */
    public static List<YNode> read(String file, String text, Diagnostics diags) {
        int before = diags.count();
        if (text.length() > MAX_CODE_POINTS && text.codePointCount(0, text.length()) > MAX_CODE_POINTS) {
            diags.error(Pos.of(file), Message.FILE_TOO_LARGE, text.codePointCount(0, text.length()), MAX_CODE_POINTS);
            return List.of();
        }
        LoadSettings settings = LoadSettings.builder()
                .setLabel(file)
                .setSchema(new CoreSchema())
                .setCodePointLimit(MAX_CODE_POINTS)
                .setUseMarks(true)
                .build();
        Builder builder = new Builder(file, diags, settings.getSchema().getScalarResolver());
        try {
            for (Event e : new Parse(settings).parseString(text)) {
                if (!builder.accept(e)) {
                    return List.of();
                }
            }
        } catch (MarkedYamlEngineException e) {
            Pos pos = e.getProblemMark().or(e::getContextMark).map(m -> pos(file, m)).orElse(Pos.of(file));
            diags.error(pos, Message.YAML_SYNTAX, firstLine(e.getProblem()));
            return List.of();
        } catch (YamlEngineException e) {
            diags.error(Pos.of(file), Message.YAML_SYNTAX, firstLine(e.getMessage()));
            return List.of();
        }
        if (builder.docs.isEmpty() && diags.count() == before) {
            diags.error(Pos.of(file), Message.EMPTY_FILE);
        }
        return builder.docs;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable input";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    static Pos pos(String file, Mark mark) {
        return new Pos(file, mark.getLine() + 1, mark.getColumn() + 1);
    }

    /** A mapping or list being built: its items so far, and for a mapping the key awaiting its value. */
    private static final class Open {
        final boolean mapping;
        final Pos pos;
        final String anchor;
        final List<YNode> items = new ArrayList<>();
        final List<YMap.Entry> entries = new ArrayList<>();
        final Map<String, Pos> keys = new HashMap<>();
        boolean awaitingKey = true;
        String key;
        Pos keyPos;

        Open(boolean mapping, Pos pos, String anchor) {
            this.mapping = mapping;
            this.pos = pos;
            this.anchor = anchor;
        }
    }

    /** Events to trees, iteratively. {@link #accept} returns false once the file is refused. */
    private static final class Builder {
        final String file;
        final Diagnostics diags;
        final ScalarResolver resolver;
        final List<YNode> docs = new ArrayList<>();
        final Deque<Open> stack = new ArrayDeque<>();
        final Map<String, YNode> anchors = new HashMap<>();
        final Map<YNode, Long> weights = new IdentityHashMap<>();
        final Set<String> openAnchors = new HashSet<>();
        int collectionAliases;
        long aliasNodes;

        Builder(String file, Diagnostics diags, ScalarResolver resolver) {
            this.file = file;
            this.diags = diags;
            this.resolver = resolver;
        }

        Pos pos(Event e) {
            return e.getStartMark().map(m -> YamlReader.pos(file, m)).orElse(Pos.of(file));
        }

        boolean accept(Event e) {
            switch (e.getEventId()) {
                case MappingStart, SequenceStart -> {
                    CollectionStartEvent c = (CollectionStartEvent) e;
                    if (stack.size() >= MAX_DEPTH) {
                        diags.error(pos(e), Message.NESTING, MAX_DEPTH);
                        return false;
                    }
                    checkTag(c.getTag(), pos(e));
                    String anchor = anchor(c);
                    if (anchor != null) {
                        openAnchors.add(anchor);
                    }
                    stack.push(new Open(e.getEventId() == Event.ID.MappingStart, pos(e), anchor));
                }
                case MappingEnd, SequenceEnd -> {
                    Open o = stack.pop();
                    YNode node = o.mapping ? new YMap(o.pos, o.entries) : new YSeq(o.pos, o.items);
                    if (o.anchor != null) {
                        openAnchors.remove(o.anchor);
                        anchors.put(o.anchor, node);
                        weights.put(node, weight(o));
                    }
                    add(node);
                }
                case Scalar -> {
                    ScalarEvent s = (ScalarEvent) e;
                    checkTag(s.getTag(), pos(e));
                    YNode node = scalar(s);
                    String anchor = anchor(s);
                    if (anchor != null) {
                        anchors.put(anchor, node);
                    }
                    add(node);
                }
                case Alias -> {
                    return alias((AliasEvent) e);
                }
                default -> {
                    // stream and document boundaries, comments: nothing to build
                }
            }
            return true;
        }

        private static String anchor(NodeEvent e) {
            return e.getAnchor().map(a -> a.getValue()).orElse(null);
        }

        private boolean alias(AliasEvent e) {
            String name = e.getAlias().getValue();
            if (openAnchors.contains(name)) {
                diags.error(pos(e), Message.YAML_SYNTAX, "recursive alias *" + name);
                return false;
            }
            YNode target = anchors.get(name);
            if (target == null) {
                diags.error(pos(e), Message.YAML_SYNTAX, "alias *" + name + " names no anchor before it");
                return false;
            }
            if (!(target instanceof YScalar)) {
                if (++collectionAliases > MAX_ALIASES) {
                    diags.error(pos(e), Message.ALIAS_BOMB, MAX_ALIASES);
                    return false;
                }
                aliasNodes += weights.getOrDefault(target, 1L);
                if (aliasNodes > MAX_ALIAS_NODES) {
                    diags.error(pos(e), Message.ALIAS_EXPANSION, MAX_ALIAS_NODES);
                    return false;
                }
            }
            add(target);
            return true;
        }

        /** The node count of {@code o} as if its aliases were written out, for the expansion limit. */
        private long weight(Open o) {
            long w = 1;
            for (YNode n : o.items) {
                w += weights.getOrDefault(n, 1L);
            }
            for (YMap.Entry en : o.entries) {
                w += 1 + weights.getOrDefault(en.value(), 1L);
            }
            return w;
        }

        private void checkTag(Optional<String> tag, Pos pos) {
            if (tag.isPresent() && !STANDARD_TAGS.contains(tag.get())) {
                String t = tag.get();
                diags.error(pos, Message.UNSAFE_TAG, t.startsWith("tag:yaml.org,2002:") ? "!!" + t.substring(18) : t);
            }
        }

        private YScalar scalar(ScalarEvent s) {
            YScalar.Kind kind;
            if (s.getScalarStyle() != ScalarStyle.PLAIN) {
                kind = YScalar.Kind.STR;
            } else {
                Tag tag = s.getTag().filter(t -> !t.equals("!")).map(Tag::new)
                        .orElseGet(() -> resolver.resolve(s.getValue(), s.getImplicit().canOmitTagInPlainScalar()));
                if (Tag.INT.equals(tag)) {
                    kind = YScalar.Kind.INT;
                } else if (Tag.FLOAT.equals(tag)) {
                    kind = YScalar.Kind.FLOAT;
                } else if (Tag.BOOL.equals(tag)) {
                    kind = YScalar.Kind.BOOL;
                } else if (Tag.NULL.equals(tag)) {
                    kind = YScalar.Kind.NULL;
                } else {
                    kind = YScalar.Kind.STR;
                }
            }
            return new YScalar(pos(s), s.getValue(), kind);
        }

        /** Puts a finished node where it belongs: a document, a list item, a key or a value. */
        private void add(YNode node) {
            Open parent = stack.peek();
            if (parent == null) {
                docs.add(node);
                anchors.clear(); // anchors do not cross documents
                weights.clear();
                return;
            }
            if (!parent.mapping) {
                parent.items.add(node);
                return;
            }
            if (parent.awaitingKey) {
                parent.awaitingKey = false;
                parent.key = null;
                if (!(node instanceof YScalar k)) {
                    diags.error(node.pos(), Message.WRONG_NODE, "key", "a scalar");
                    return;
                }
                Pos first = parent.keys.putIfAbsent(k.text(), k.pos());
                if (first != null) {
                    diags.error(k.pos(), Message.DUPLICATE_KEY, k.text(), first.line());
                    return;
                }
                parent.key = k.text();
                parent.keyPos = k.pos();
                return;
            }
            parent.awaitingKey = true;
            if (parent.key != null) {
                parent.entries.add(new YMap.Entry(parent.key, parent.keyPos, node));
            }
        }
    }
}

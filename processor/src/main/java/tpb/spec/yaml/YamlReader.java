package tpb.spec.yaml;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.CoreSchema;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Pos;

/**
 * Reads one spec file into {@link YNode} documents, keeping line and column of every node.
 * YAML 1.2 Core schema (hex literals are numbers; {@code on}/{@code off} are strings); duplicate
 * keys and alias bombs are reported, never silently resolved.
 */
public final class YamlReader {
    /** More aliases to collections than any honest spec needs; past it the file is refused. */
    public static final int MAX_ALIASES = 64;

    private static final Pattern ALIAS = Pattern.compile("(?m)^[^#\\n]*?\\*[A-Za-z0-9_-]+");

    private YamlReader() {}

    /** The documents of {@code text}, or an empty list after reporting why there are none. */
    public static List<YNode> read(String file, String text, Diagnostics diags) {
        LoadSettings settings = LoadSettings.builder()
                .setLabel(file)
                .setSchema(new CoreSchema())
                .setMaxAliasesForCollections(MAX_ALIASES)
                .setAllowRecursiveKeys(false)
                .setUseMarks(true)
                .build();
        List<YNode> docs = new ArrayList<>();
        int before = diags.count();
        try {
            for (Node node : new Compose(settings).composeAllFromString(text)) {
                YNode converted = new Converter(file, diags).convert(node);
                if (converted != null) {
                    docs.add(converted);
                }
            }
        } catch (MarkedYamlEngineException e) {
            Pos pos = e.getProblemMark().or(e::getContextMark).map(m -> pos(file, m)).orElse(Pos.of(file));
            diags.error(pos, Message.YAML_SYNTAX, firstLine(e.getProblem()));
            return List.of();
        } catch (YamlEngineException e) {
            if (String.valueOf(e.getMessage()).contains("aliases")) {
                diags.error(firstAlias(file, text), Message.ALIAS_BOMB, MAX_ALIASES);
            } else {
                diags.error(Pos.of(file), Message.YAML_SYNTAX, firstLine(e.getMessage()));
            }
            return List.of();
        }
        if (docs.isEmpty() && diags.count() == before) {
            diags.error(Pos.of(file), Message.EMPTY_FILE);
        }
        return docs;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable input";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    private static Pos firstAlias(String file, String text) {
        Matcher m = ALIAS.matcher(text);
        if (m.find()) {
            int line = 1;
            for (int i = 0; i < m.start(); i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                }
            }
            int col = text.indexOf('*', m.start()) - m.start() + 1;
            return new Pos(file, line, col);
        }
        return Pos.of(file);
    }

    static Pos pos(String file, Mark mark) {
        return new Pos(file, mark.getLine() + 1, mark.getColumn() + 1);
    }

    /** Node graph to tree; a node reached again on its own path is a recursive alias. */
    private static final class Converter {
        private final String file;
        private final Diagnostics diags;
        private final Map<Node, Boolean> onPath = new IdentityHashMap<>();

        Converter(String file, Diagnostics diags) {
            this.file = file;
            this.diags = diags;
        }

        Pos pos(Node node) {
            Optional<Mark> mark = node.getStartMark();
            return mark.map(m -> YamlReader.pos(file, m)).orElse(Pos.of(file));
        }

        YNode convert(Node node) {
            if (onPath.put(node, Boolean.TRUE) != null) {
                diags.error(pos(node), Message.YAML_SYNTAX, "recursive alias");
                return null;
            }
            try {
                return switch (node.getNodeType()) {
                    case SCALAR -> scalar((ScalarNode) node);
                    case SEQUENCE -> sequence((SequenceNode) node);
                    case MAPPING -> mapping((MappingNode) node);
                    default -> null;
                };
            } finally {
                onPath.remove(node);
            }
        }

        private YScalar scalar(ScalarNode node) {
            Tag tag = node.getTag();
            YScalar.Kind kind;
            if (node.getScalarStyle() != ScalarStyle.PLAIN || Tag.STR.equals(tag)) {
                kind = YScalar.Kind.STR;
            } else if (Tag.INT.equals(tag)) {
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
            return new YScalar(pos(node), node.getValue(), kind);
        }

        private YSeq sequence(SequenceNode node) {
            List<YNode> items = new ArrayList<>();
            for (Node item : node.getValue()) {
                YNode c = convert(item);
                if (c != null) {
                    items.add(c);
                }
            }
            return new YSeq(pos(node), items);
        }

        private YMap mapping(MappingNode node) {
            List<YMap.Entry> entries = new ArrayList<>();
            for (NodeTuple tuple : node.getValue()) {
                Node keyNode = tuple.getKeyNode();
                Pos keyPos = pos(keyNode);
                if (!(keyNode instanceof ScalarNode keyScalar)) {
                    diags.error(keyPos, Message.WRONG_NODE, "key", "a scalar");
                    continue;
                }
                String key = keyScalar.getValue();
                YMap.Entry first = null;
                for (YMap.Entry e : entries) {
                    if (e.key().equals(key)) {
                        first = e;
                    }
                }
                if (first != null) {
                    diags.error(keyPos, Message.DUPLICATE_KEY, key, first.keyPos().line());
                    continue;
                }
                YNode value = convert(tuple.getValueNode());
                if (value != null) {
                    entries.add(new YMap.Entry(key, keyPos, value));
                }
            }
            return new YMap(pos(node), entries);
        }
    }
}

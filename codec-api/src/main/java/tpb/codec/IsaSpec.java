package tpb.codec;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Put on a {@code package-info.java} to generate that package's codecs from an ISA spec: the
 * value is the root spec file's path on the compile class path ({@code isa/tpb/isa.yaml}).
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.PACKAGE)
public @interface IsaSpec {
    String value();
}

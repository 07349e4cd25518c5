package tpb.codec;

import java.util.List;

/**
 * A generated flyweight seen field by field, for tools that serve every arm of a spec (an
 * assembler, a disassembler): {@code field} is the field's index in {@link #fields()}, and
 * {@link #get}/{@link #set} are switches the processor writes from the layout over the flyweight's
 * own typed accessors, so a tool encodes and decodes with the same loads and stores, in the same
 * byte order, as a hand-written caller of those accessors (one encoder, as LLVM MC has one).
 *
 * <p>A flyweight views nothing until its first {@code wrap}: until then {@link #get}, {@link #set},
 * {@link #reset} and every typed accessor throw {@link IndexOutOfBoundsException}.
 */
public interface Flyweight {
    /** Points this flyweight at the record at {@code offset} of {@code buffer}. */
    Flyweight wrap(byte[] buffer, int offset);

    /** Zeroes the record and stamps what the spec fixes: the opcode, sub-opcode and constants. */
    Flyweight reset();

    /** Every field, flattened, in declaration order: what {@code field} indexes. */
    List<FieldInfo> fields();

    /**
     * The raw value of one element of a field: of an array, element {@code element}
     * ({@link FieldInfo#elements()} of them); of a char or bytes field, byte {@code element},
     * unsigned; of a scalar, its value ({@code element} is not read). Numbers are sign-extended when
     * the element type is signed; an enum or LUT field gives the number it stores.
     *
     * @throws IndexOutOfBoundsException when there is no such field or element
     */
    long get(int field, int element);

    /**
     * Stores {@code value}, truncated to the element's width, as {@link #get} reads it back.
     *
     * @throws IllegalArgumentException  when the spec fixes the field (a constant, reserved bytes,
     *                                   the opcode): {@link #reset()} stamps those
     * @throws IndexOutOfBoundsException when there is no such field or element
     */
    Flyweight set(int field, int element, long value);
}

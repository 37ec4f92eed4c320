/** Spanish given names and surnames, weighted roughly like the INE frequency lists (common first). */
export const NOMBRES_MUJER = [
  'María', 'Carmen', 'Ana', 'Isabel', 'Laura', 'Lucía', 'Cristina', 'Marta', 'Pilar', 'Elena', 'Sara', 'Paula',
  'Rosa', 'Raquel', 'Dolores', 'Mercedes', 'Teresa', 'Sofía', 'Inés', 'Beatriz', 'Julia', 'Irene', 'Alba',
  'Nuria', 'Silvia', 'Patricia', 'Rocío', 'Mónica', 'Ángela', 'Andrea', 'Verónica', 'Eva', 'Noelia', 'Begoña',
  'Concepción', 'Encarnación', 'Montserrat', 'Susana', 'Yolanda', 'Lorena', 'Natalia', 'Claudia', 'Carla',
  'Daniela', 'Valeria', 'Martina', 'Noa', 'Lola', 'Aitana', 'Ainhoa', 'Nerea', 'Itziar', 'Maite', 'Leire',
];
export const NOMBRES_HOMBRE = [
  'Antonio', 'José', 'Manuel', 'Francisco', 'David', 'Juan', 'Javier', 'Daniel', 'Carlos', 'Jesús', 'Alejandro',
  'Miguel', 'Rafael', 'Pedro', 'Pablo', 'Ángel', 'Sergio', 'Fernando', 'Jorge', 'Luis', 'Alberto', 'Álvaro',
  'Adrián', 'Diego', 'Raúl', 'Enrique', 'Ramón', 'Vicente', 'Iván', 'Rubén', 'Óscar', 'Andrés', 'Joaquín',
  'Santiago', 'Eduardo', 'Víctor', 'Roberto', 'Jaime', 'Mario', 'Ignacio', 'Alfonso', 'Hugo', 'Martín',
  'Lucas', 'Mateo', 'Leo', 'Marcos', 'Nicolás', 'Gonzalo', 'Íñigo', 'Asier', 'Unai', 'Jordi', 'Xavier',
];
export const NOMBRES_COMPUESTOS = ['María José', 'José Luis', 'Juan Carlos', 'José Antonio', 'María del Carmen', 'Ana Belén', 'Juan José', 'María Ángeles', 'José Manuel', 'Francisco Javier', 'María Pilar', 'Miguel Ángel'];
export const APELLIDOS = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Hernández', 'Ruiz', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Gutiérrez', 'Alonso',
  'Navarro', 'Torres', 'Domínguez', 'Ramos', 'Vázquez', 'Ramírez', 'Gil', 'Serrano', 'Morales', 'Molina',
  'Blanco', 'Suárez', 'Castro', 'Ortega', 'Delgado', 'Ortiz', 'Marín', 'Rubio', 'Núñez', 'Medina', 'Sanz',
  'Castillo', 'Iglesias', 'Cortés', 'Garrido', 'Santos', 'Guerrero', 'Lozano', 'Cano', 'Cruz', 'Méndez',
  'Flores', 'Prieto', 'Herrera', 'Peña', 'León', 'Márquez', 'Cabrera', 'Gallego', 'Calvo', 'Vidal', 'Campos',
  'Reyes', 'Vega', 'Fuentes', 'Carrasco', 'Díez', 'Aguilar', 'Caballero', 'Nieto', 'Santana', 'Vargas',
  'Pascual', 'Giménez', 'Herrero', 'Hidalgo', 'Montero', 'Lorenzo', 'Santiago', 'Benítez', 'Durán', 'Ibáñez',
  'Arias', 'Mora', 'Ferrer', 'Carmona', 'Vicente', 'Rojas', 'Soto', 'Crespo', 'Román', 'Pastor', 'Velasco',
  'Parra', 'Sáez', 'Moya', 'Bravo', 'Rivera', 'Gallardo', 'Soler', 'Echeverría', 'Goikoetxea', 'Ibarra',
  'Peñalver', 'Zúñiga', 'Villanueva', 'Quintero', 'Esteban', 'Orozco', 'Valverde', 'Bermúdez', 'Sepúlveda',
];
export const CIUDADES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Málaga', 'Murcia', 'Palma', 'Bilbao', 'Alicante', 'Córdoba', 'Valladolid', 'Vigo', 'Gijón', 'A Coruña', 'Granada', 'Vitoria-Gasteiz', 'Elche', 'Oviedo', 'Pamplona'];
export const VIAS = ['Calle', 'Avenida', 'Plaza', 'Paseo', 'Ronda', 'Camino'];
export const CALLES = ['Mayor', 'de Alcalá', 'Gran Vía', 'del Sol', 'de la Constitución', 'de España', 'Real', 'Nueva', 'de los Reyes Católicos', 'San Fernando', 'del Carmen', 'de Andalucía', 'Doctor Fleming', 'Príncipe de Vergara', 'de la Castellana', 'Colón', 'Cervantes', 'Federico García Lorca'];
export const DOMINIOS = ['gmail.com', 'hotmail.com', 'yahoo.es', 'outlook.es', 'hotmail.es', 'telefonica.net', 'icloud.com'];
export const NOTAS = [
  'Alergia a la penicilina.',
  'Hipertenso, toma enalapril.',
  'Prefiere citas por la tarde.',
  'Bruxismo nocturno, usa férula.',
  'Diabetes tipo 2 controlada.',
  'Sensibilidad dental al frío.',
  'Anticoagulado: avisar antes de extracciones.',
  'Revisión de ortodoncia cada 6 meses.',
];
